// The banner `npm start` prints once the service listens (see start.mjs).
/** The banner: what a newcomer needs to open the site and sign in to the admin panel. */
export function banner({ siteName, siteUrl, adminUrl, firstAdmin }) {
  const lines = [`${siteName} is running`, '', `Site:        ${siteUrl}`, `Admin panel: ${adminUrl}`, ''];
  if (firstAdmin?.generatedPassword) {
    lines.push(
      'The first administrator was created now:',
      `  Email:    ${firstAdmin.email}`,
      `  Password: ${firstAdmin.generatedPassword}`,
      'The password is shown only this once.',
    );
  } else if (firstAdmin) {
    lines.push(
      'The first administrator was created now:',
      `  Email:    ${firstAdmin.email}`,
      '  Password: ADMIN_PASSWORD from .env',
    );
  } else {
    lines.push('Sign in to the admin panel with the administrator account.');
  }
  lines.push('New password for the administrator: npm run admin:reset-password');
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const rule = '='.repeat(width);
  return `\n${rule}\n${lines.map((l) => (l ? `  ${l}` : '')).join('\n')}\n${rule}\n\n`;
}
