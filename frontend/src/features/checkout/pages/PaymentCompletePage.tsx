// TEMPORARY placeholder written by the storefront foundation; the owning feature replaces this file.
export default function PaymentCompletePage() {
  return (
    <main id="main" className="placeholder-page">
      <h1>Betaling fullført</h1>
      <p>Denne siden er under arbeid.</p>
    </main>
  );
}
