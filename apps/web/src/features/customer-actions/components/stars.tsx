/** Five stars, the given ones filled: a picture beside the words that say the same ('2 of 5 stars'). */
export function Stars({ value }: { value: number }) {
  return (
    <span aria-hidden="true" style={{ color: '#b45309', letterSpacing: '0.1em', fontSize: '1.1rem', whiteSpace: 'nowrap' }}>
      {'★'.repeat(value)}
      <span style={{ color: '#9ca3af' }}>{'☆'.repeat(5 - value)}</span>
    </span>
  );
}
