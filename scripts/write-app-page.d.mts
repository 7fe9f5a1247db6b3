/** The inline script app.html runs while the app's code downloads: the first date formatter. */
export const WARM_DATE_FORMATS: string;
/** Writes `app.html` beside the built `index.html`: the page a signed-in browser gets. */
export function writeAppPage(clientDir: string): void;
