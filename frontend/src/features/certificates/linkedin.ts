/**
 * LinkedIn's documented "Add to Profile" link for a certification: the member lands on the form
 * with the name, the issuing organisation, the issue month and year, the credential's address and
 * its id filled in (https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&…).
 */
export interface LinkedInCertification {
  name: string;
  organizationName: string;
  issuedAt: string;
  certUrl: string;
  certId: string;
}

const monthYear = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', year: 'numeric', month: 'numeric' });

export function linkedInAddToProfileUrl(c: LinkedInCertification): string {
  const parts = monthYear.formatToParts(new Date(c.issuedAt));
  const part = (type: 'year' | 'month') => parts.find((p) => p.type === type)?.value ?? '';
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: c.name,
    organizationName: c.organizationName,
    issueYear: part('year'),
    issueMonth: String(Number(part('month'))),
    certUrl: c.certUrl,
    certId: c.certId,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
