/** Writes `app.html` beside the built `index.html`: the page a signed-in browser gets. */
export function writeAppPage(clientDir: string): void;
