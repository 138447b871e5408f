import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useGetIdentity, useLogout } from 'react-admin';

/** What a signed-in student (or anyone but an admin) sees instead of the panel. */
export function NoAccess() {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'grey.100' }}>
      <Card sx={{ maxWidth: 460, width: '100%' }} role="alert">
        <CardContent sx={{ textAlign: 'center', p: 4 }}>
          <LockIcon color="action" sx={{ fontSize: 48, mb: 1 }} />
          <Typography component="h1" variant="h5" gutterBottom>
            Ingen tilgang
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Adminpanelet er bare for administratorer.
            {identity?.fullName ? ` Du er logget inn som ${identity.fullName}.` : ''}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button variant="contained" href="/dashboard">
              Til kursene mine
            </Button>
            <Button variant="outlined" href="/">
              Til forsiden
            </Button>
            <Button onClick={() => logout()}>Logg ut</Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
