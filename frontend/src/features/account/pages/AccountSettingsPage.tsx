// TEMPORARY placeholder written by the storefront foundation; the owning feature replaces this file.
export default function AccountSettingsPage() {
  return (
    <main id="main" className="placeholder-page">
      <h1>Kontoinnstillinger</h1>
      <p>Denne siden er under arbeid.</p>
    </main>
  );
}
