// The banner `npm start` prints once the service listens (see start.mjs).
/** The banner: what a newcomer needs to open the site and sign in to the admin panel. */
export function banner({ siteName, siteUrl, adminUrl, firstAdmin }) {
  const lines = [`${siteName} kjører`, '', `Nettsiden:    ${siteUrl}`, `Adminpanelet: ${adminUrl}`, ''];
  if (firstAdmin?.generatedPassword) {
    lines.push(
      'Første administrator ble opprettet nå:',
      `  E-post:  ${firstAdmin.email}`,
      `  Passord: ${firstAdmin.generatedPassword}`,
      'Passordet vises bare denne gangen.',
    );
  } else if (firstAdmin) {
    lines.push('Første administrator ble opprettet nå:', `  E-post:  ${firstAdmin.email}`, '  Passord: ADMIN_PASSWORD fra .env');
  } else {
    lines.push('Logg inn i adminpanelet med administratorkontoen.');
  }
  lines.push('Nytt passord for administratoren: npm run admin:reset-password');
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const rule = '='.repeat(width);
  return `\n${rule}\n${lines.map((l) => (l ? `  ${l}` : '')).join('\n')}\n${rule}\n\n`;
}
