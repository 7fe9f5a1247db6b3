import type { ChangeEvent } from 'react';

/** A step of choosing a file that is not its contents: none chosen, refused, or being read. */
export type CsvFileStep = { status: 'empty' } | { status: 'invalid'; message: string } | { status: 'reading'; fileName: string };

/**
 * The first steps of both CSV imports (properties, inspection history): the file picked, checked
 * to be a .csv, and read. Each step the dialog shows is handed to `show`; the file's name and what
 * `read` made of it come back, or null when there is nothing to preview (no file, not a CSV,
 * unreadable: `show` was told which).
 */
export async function chooseCsvFile<T>(
  event: ChangeEvent<HTMLInputElement>,
  read: (file: File) => Promise<T>,
  show: (step: CsvFileStep) => void,
): Promise<{ fileName: string; contents: T } | null> {
  const picked = event.target.files?.[0];
  if (!picked) {
    show({ status: 'empty' });
    return null;
  }
  if (!picked.name.toLowerCase().endsWith('.csv')) {
    show({ status: 'invalid', message: 'Please select a CSV file' });
    return null;
  }
  show({ status: 'reading', fileName: picked.name });
  try {
    return { fileName: picked.name, contents: await read(picked) };
  } catch {
    show({ status: 'invalid', message: 'The file could not be read. Please check it and try again.' });
    return null;
  }
}
