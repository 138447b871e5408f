/**
 * The number of things waiting beside a menu item («Spørsmål 3»): seen as a small badge, read as
 * "3 venter" (the item's name stays the first words of its accessible name, WCAG 2.5.3).
 */
export function MenuBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="menu-badge"
      style={{
        marginLeft: 8,
        minWidth: 20,
        padding: '0 6px',
        borderRadius: 10,
        background: '#b3261e',
        color: '#fff',
        fontSize: 12,
        fontWeight: 600,
        lineHeight: '20px',
        display: 'inline-block',
        textAlign: 'center',
      }}
    >
      {count}
      <span
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
      >
        {' '}
        venter
      </span>
    </span>
  );
}
