/** What jsdom lacks and Chakra/Ark (zag) reach for: matchMedia, ResizeObserver, scrolling helpers. */
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }
  if (!('IntersectionObserver' in window)) {
    class IntersectionObserverStub {
      readonly root = null;
      readonly rootMargin = '';
      readonly thresholds: number[] = [];
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    }
    Object.assign(window, { IntersectionObserver: IntersectionObserverStub });
  }
  if (!('PointerEvent' in window)) {
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    Object.assign(window, { PointerEvent: PointerEventStub });
  }
  // jsdom lays nothing out, so every element has no client rects and zag's focus helpers (dialog
  // initial focus, focus trap) take it for invisible. Give connected, unhidden elements one rect.
  const originalGetClientRects = HTMLElement.prototype.getClientRects;
  HTMLElement.prototype.getClientRects = function getClientRects(this: HTMLElement) {
    const rects = originalGetClientRects.call(this);
    if (rects.length > 0 || !this.isConnected || this.closest('[hidden]')) return rects;
    if (window.getComputedStyle(this).display === 'none') return rects;
    const rect = new DOMRect(0, 0, 1, 1);
    return Object.assign([rect], { item: (index: number) => (index === 0 ? rect : null) }) as unknown as DOMRectList;
  };
  // ProseMirror (the rich-text editor) reads layout: the element under the mouse, and the rects of the
  // selection it scrolls into view. jsdom has none: nothing is under a point, a range has one empty rect.
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = emptyRect;
  if (!Range.prototype.getClientRects) {
    Range.prototype.getClientRects = () => {
      const rect = emptyRect();
      return Object.assign([rect], { item: (index: number) => (index === 0 ? rect : null) }) as unknown as DOMRectList;
    };
  }
  window.scrollTo = () => undefined;
  window.scrollBy = () => undefined;
  Element.prototype.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
}

export {};
