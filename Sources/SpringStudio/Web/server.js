// The studio's server, as the page's modules ask it.

/** Fetches JSON; a reply that is not 2xx throws the server's error sentence. */
export async function getJSON(url) {
  const response = await fetch(url);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}
