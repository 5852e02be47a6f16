/**
 * Excel downloads in the report screens' tests: a file answer of the fake API, and what the browser was
 * handed to save (jsdom does not download: the temporary link's click is recorded instead).
 */
export const fileReply = (name: string, delayMs = 50) => ({
  status: 200,
  text: 'PK xlsx',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  headers: { 'content-disposition': `attachment; filename="${name}"` },
  delayMs,
});

/** Call in beforeEach: the names of the files saved since, in order (undone by jest.restoreAllMocks). */
export function recordSavedFiles(): string[] {
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}
