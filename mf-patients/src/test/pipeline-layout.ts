/**
 * jsdom lays nothing out: every box is 0 × 0 at the origin, so a drag could not tell the board's columns
 * apart, and a column's list of cards would show none. This gives the columns (`[data-pipeline-column]`)
 * the places a browser would: side by side, 300 px wide with 20 px between them, each card a box inside
 * its column, and each column's scrolling list (`[data-pipeline-list]`) a height of 600 px that
 * `scrollTo` scrolls. Call it at the top of a board's test file.
 */
const COLUMN_WIDTH = 300;
const GAP = 20;
export const LIST_HEIGHT = 600;

function rectOf(element: Element): DOMRect | undefined {
  const column = element.closest('[data-pipeline-column]');
  if (!column) return undefined;
  const index = [...document.querySelectorAll('[data-pipeline-column]')].indexOf(column);
  const left = index * (COLUMN_WIDTH + GAP);
  if (element === column) return new DOMRect(left, 0, COLUMN_WIDTH, 800);
  const card = element.closest('[data-pipeline-card]');
  // Drawn cards are a window of the column's: the row says where a card stands.
  const row = Number(card?.closest('[aria-rowindex]')?.getAttribute('aria-rowindex') ?? 1) - 1;
  return new DOMRect(left + 10, 80 + row * 120, COLUMN_WIDTH - 20, 110);
}

const isList = (element: Element) => element.matches('[data-pipeline-list]');

export function layOutPipelineColumns() {
  let original: typeof Element.prototype.getBoundingClientRect;
  const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
  beforeEach(() => {
    original = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      return rectOf(this) ?? original.call(this);
    };
    Object.defineProperty(Element.prototype, 'clientHeight', {
      configurable: true,
      get(this: Element) {
        return isList(this) ? LIST_HEIGHT : (clientHeight.get!.call(this) as number);
      },
    });
    Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
      if (typeof options !== 'object' || options.top === undefined || options.top === this.scrollTop) return;
      this.scrollTop = options.top;
      // As a browser does: the scroll event comes after, never while React renders.
      setTimeout(() => this.dispatchEvent(new Event('scroll')));
    } as typeof Element.prototype.scrollTo;
  });
  afterEach(() => {
    Element.prototype.getBoundingClientRect = original;
    Object.defineProperty(Element.prototype, 'clientHeight', clientHeight);
  });
}
