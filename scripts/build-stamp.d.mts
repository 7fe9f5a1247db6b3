/** A hash of every file the build reads. */
export function sourceHash(): string;
/** True when dist/ exists and was built from the sources as they are now. */
export function buildIsCurrent(): boolean;
/** Records the current sources' hash as the one dist/ was built from. */
export function writeBuildStamp(): void;
