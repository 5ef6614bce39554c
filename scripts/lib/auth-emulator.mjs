// The Firebase Auth emulator's REST API, called the way the web SDK calls it: for real ID tokens in the
// API tests and the browser journeys.

/** POST `body` to `path` of the emulator at `host` (host:port); throws with its answer unless 2xx. */
export async function authEmulatorPost(host, path, body) {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1${path}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`emulator ${path}: ${JSON.stringify(json)}`);
  return json;
}
