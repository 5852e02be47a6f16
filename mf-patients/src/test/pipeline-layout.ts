/**
 * jsdom lays nothing out: every box is 0 × 0 at the origin, so a drag could not tell the board's columns
 * apart. This gives the columns (`[data-pipeline-column]`) the places a browser would: side by side,
 * 300 px wide with 20 px between them, and each card a box inside its column. Call it at the top of a
 * test file that drags cards.
 */
const COLUMN_WIDTH = 300;
const GAP = 20;

function rectOf(element: Element): DOMRect | undefined {
  const column = element.closest('[data-pipeline-column]');
  if (!column) return undefined;
  const index = [...document.querySelectorAll('[data-pipeline-column]')].indexOf(column);
  const left = index * (COLUMN_WIDTH + GAP);
  if (element === column) return new DOMRect(left, 0, COLUMN_WIDTH, 800);
  const card = element.closest('[data-pipeline-card]');
  const row = card ? [...column.querySelectorAll('[data-pipeline-card]')].indexOf(card) : 0;
  return new DOMRect(left + 10, 80 + row * 120, COLUMN_WIDTH - 20, 110);
}

export function layOutPipelineColumns() {
  let original: typeof Element.prototype.getBoundingClientRect;
  beforeEach(() => {
    original = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      return rectOf(this) ?? original.call(this);
    };
  });
  afterEach(() => {
    Element.prototype.getBoundingClientRect = original;
  });
}
