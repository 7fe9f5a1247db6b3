import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '@/lib/api';
import { offlineDb } from '@/offline/db';

/** The property's name from what the device keeps, else from the server; "Property" when neither answers. */
async function propertyName(id: number, userId: number): Promise<string> {
  const kept = await offlineDb()
    .then((db) => db.get('offlineProperties', [userId, id]))
    .catch(() => undefined);
  if (kept?.name) return kept.name;
  return (await api.get<{ name: string }>(`/api/properties/${id}`)).name;
}

export function PropertyName({ id, userId }: { id: number; userId: number }) {
  // 'always': the device's copy is read without a network as well.
  const name = useQuery({ queryKey: ['sync-property-name', id], queryFn: () => propertyName(id, userId), staleTime: Infinity, retry: false, networkMode: 'always' });
  return (
    <Link to={`/properties/${id}`} className="underline underline-offset-2 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {name.data ?? 'Property'}
    </Link>
  );
}
