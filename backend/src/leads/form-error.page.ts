const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small page for the form sent without JavaScript, when its input is wrong. */
export function renderFormError(message: string): string {
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Noe mangler</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>Noe mangler</h1><p>${esc(message)}</p><p><a href="javascript:history.back()">Gå tilbake og prøv igjen</a> eller <a href="/">til forsiden</a>.</p></body></html>`;
}
