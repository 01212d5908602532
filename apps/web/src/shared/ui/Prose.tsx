/**
 * Renders stored plain text: blank lines separate paragraphs and "- " starts a
 * list item. Text is never interpreted as HTML, so content cannot inject markup.
 */
export function Prose({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/).filter((block) => block.trim() !== '');
  return (
    <div className="prose">
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        const key = `${index}-${block.slice(0, 16)}`;
        if (lines.every((line) => line.trim().startsWith('- '))) {
          return (
            <ul key={key}>
              {lines.map((line) => (
                <li key={line}>{line.trim().slice(2)}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{block}</p>;
      })}
    </div>
  );
}
