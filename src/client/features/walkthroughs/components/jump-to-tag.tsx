import { useId, useState, type FormEvent } from 'react';
import { ScanLine } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { tagFromText } from './tag-from-text';

interface JumpToTagProps {
  /** Scrolls to the device and focuses it; false when no device of this walk has the tag. */
  onJump: (tag: string) => boolean;
}

/** "Jump to tag": type a tag, or scan a label, and the list goes to that device. */
export function JumpToTag({ onJump }: JumpToTagProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tag = tagFromText(text);
    if (!tag) {
      setError('Type a tag, or scan a label');
      return;
    }
    if (onJump(tag)) {
      setText('');
      setError(undefined);
    } else {
      setError(`No device tagged ${tag} in this walk-through.`);
    }
  };

  return (
    <form role="search" aria-label="Jump to tag" noValidate onSubmit={submit} className="space-y-1">
      <Label htmlFor={id}>Jump to tag</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(undefined);
          }}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="Tag, or scan a label"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" variant="outline">
          <ScanLine aria-hidden="true" />
          Go
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
