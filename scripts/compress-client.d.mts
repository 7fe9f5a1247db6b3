/** Writes .br and .gz copies beside each text file under `dir`; returns how many it wrote. */
export function compressClient(dir: string): number;
