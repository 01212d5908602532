import type { ReactNode } from 'react';

const isListItem = (line: string) => line.trim().startsWith('- ');

/** One block: its plain lines become a paragraph and each run of "- " lines a list, in the order they come. */
function renderBlock(block: string, blockIndex: number): ReactNode[] {
  const parts: ReactNode[] = [];
  let lines = block.split('\n');
  while (lines.length > 0) {
    const listRun = isListItem(lines[0] ?? '');
    const end = lines.findIndex((line) => isListItem(line) !== listRun);
    const run = end === -1 ? lines : lines.slice(0, end);
    lines = end === -1 ? [] : lines.slice(end);
    const key = `${blockIndex}-${parts.length}`;
    parts.push(
      listRun ? (
        <ul key={key}>
          {run.map((line) => (
            <li key={line}>{line.trim().slice(2)}</li>
          ))}
        </ul>
      ) : (
        <p key={key}>{run.join('\n')}</p>
      ),
    );
  }
  return parts;
}

/**
 * Renders stored plain text: blank lines separate paragraphs and "- " starts a
 * list item. Text is never interpreted as HTML, so content cannot inject markup.
 */
export function Prose({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/).filter((block) => block.trim() !== '');
  return <div className="prose">{blocks.flatMap(renderBlock)}</div>;
}
