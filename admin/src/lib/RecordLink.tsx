import { Link, useCreatePath, type Identifier } from 'react-admin';

/**
 * A row's record as a link in its table cell (the address of a lead, the title of a session): Tab
 * reaches it and Enter opens it, with the browser's focus ring. The row's own click is left alone.
 */
export function RecordLink({
  resource,
  id,
  type,
  text,
}: {
  resource: string;
  id: Identifier;
  type: 'show' | 'edit';
  text: string;
}) {
  const createPath = useCreatePath();
  return (
    <Link to={createPath({ resource, id, type })} onClick={(e: { stopPropagation: () => void }) => e.stopPropagation()}>
      {text}
    </Link>
  );
}
