import { CircleCheck, CircleX, FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { cn } from '@/lib/utils';
import { sha256OfFile } from '../api/sha256-of-file';

type Outcome = { fileName: string; matches: boolean } | { fileName: string; error: true };

/**
 * Drop or choose a PDF to compare with the stored one. The file is hashed in the browser
 * (crypto.subtle) and nothing is uploaded.
 */
export function PdfCheck({ expectedSha256 }: { expectedSha256: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const check = async (file: File | undefined) => {
    if (!file) return;
    try {
      const sha256 = await sha256OfFile(file);
      setOutcome({ fileName: file.name, matches: sha256 === expectedSha256 });
    } catch {
      setOutcome({ fileName: file.name, error: true });
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm text-muted-foreground',
          dragging && 'border-primary bg-primary/5',
        )}
        data-testid="pdf-drop-zone"
      >
        <FileUp aria-hidden="true" className="size-6" />
        <p>Drop the report's PDF here to check it, or</p>
        <label htmlFor={inputId} className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
          Choose a PDF file
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          onChange={(event) => {
            void check(event.target.files?.[0]);
            // The same file chosen again is checked again.
            event.target.value = '';
          }}
        />
        <p className="text-xs">The file is checked on this device and is not uploaded.</p>
      </div>
      <div aria-live="polite">
        {outcome === null ? null : 'error' in outcome ? (
          <p className="text-sm text-destructive">That file could not be read. Choose the PDF file again.</p>
        ) : outcome.matches ? (
          <p className="flex items-start gap-2 rounded-md bg-green-50 p-3 text-sm text-green-800">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
            <span>
              <strong>{outcome.fileName} matches.</strong> It is the PDF this report was issued as, unchanged.
            </span>
          </p>
        ) : (
          <p className="flex items-start gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800">
            <CircleX aria-hidden="true" className="size-5 shrink-0" />
            <span>
              <strong>{outcome.fileName} does not match.</strong> It is not the PDF this report was issued as: it was changed,
              or it is another report. Ask the property's owner for the original.
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
