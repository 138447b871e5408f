import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Login, LoginForm } from 'react-admin';

/** Sign in with the same account as on the site. */
export function LoginPage() {
  return (
    <Login>
      <Box sx={{ px: 2, pt: 1, textAlign: 'center' }}>
        <Typography component="h1" variant="h6">
          Administrasjon
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Logg inn med administratorkontoen din.
        </Typography>
      </Box>
      <LoginForm />
      <Box sx={{ pb: 2, textAlign: 'center' }}>
        <Link href="/" variant="body2">
          Tilbake til nettsiden
        </Link>
      </Box>
    </Login>
  );
}
