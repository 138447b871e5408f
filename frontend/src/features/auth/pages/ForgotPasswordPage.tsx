// TEMPORARY placeholder written by the storefront foundation; the owning feature replaces this file.
export default function ForgotPasswordPage() {
  return (
    <main id="main" className="placeholder-page">
      <h1>Glemt passord</h1>
      <p>Denne siden er under arbeid.</p>
    </main>
  );
}
