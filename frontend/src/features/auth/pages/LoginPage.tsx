// TEMPORARY placeholder written by the storefront foundation; the owning feature replaces this file.
export default function LoginPage() {
  return (
    <main id="main" className="placeholder-page">
      <h1>Logg inn</h1>
      <p>Denne siden er under arbeid.</p>
    </main>
  );
}
