import './SkipLink.css';

/** The first link on every page: jumps over the header to `<main id="main">`. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Hopp til innholdet
    </a>
  );
}
