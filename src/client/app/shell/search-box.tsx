import { useId, useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Input } from '@/components/ui/input';

export function SearchBox() {
  const id = useId();
  const navigate = useNavigate();
  const [term, setTerm] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = term.trim();
    navigate(q ? `/properties?q=${encodeURIComponent(q)}` : '/properties');
  };

  return (
    <form role="search" onSubmit={onSubmit} className="relative w-full max-w-md">
      <label htmlFor={id} className="sr-only">
        Search
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id={id}
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Search properties..."
        className="pl-9"
        autoComplete="off"
      />
    </form>
  );
}
