import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import * as v from 'valibot';
import { INVALID_URL } from '@baridesk/contracts';
import { applyServerErrors, useValibotForm } from './form';
import { isAllowedLink, RichTextEditor, RichTextField, type RichTextHeight } from './rich-text';
import { renderUi } from './test/render-ui';

type User = Awaited<ReturnType<typeof renderUi>>['user'];

/**
 * Types into the editor one key per call. ProseMirror reads typed text from the DOM's mutations; with
 * jsdom and several keys in one user-event call it loses some of them (a browser does not), while one
 * key per call is read every time.
 */
async function typeIn(user: User, text: string) {
  for (const key of text) await user.keyboard(key === '{' || key === '[' ? `${key}${key}` : key);
}

/** A RichTextEditor outside any form, holding its HTML in state. */
function Standalone({ initial = '', height, onChange }: { initial?: string; height?: RichTextHeight; onChange?: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="Message"
        value={value}
        height={height}
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>Loaded <em>again</em></p>')}>
        Load
      </button>
    </>
  );
}

const region = () => screen.getByRole('textbox', { name: 'Message' });
const tool = (name: string) => within(screen.getByRole('toolbar', { name: 'Formatting' })).getByRole('button', { name });

describe('RichTextEditor', () => {
  it('is a labelled multi-line text box of the large height, with a toolbar of toggles', async () => {
    await renderUi(<Standalone />);

    expect(region()).toHaveAttribute('contenteditable', 'true');
    expect(region()).toHaveAttribute('aria-multiline', 'true');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(toolbar).toHaveAttribute('aria-controls', region().id);
    for (const name of ['Bold', 'Italic', 'Underline', 'Heading', 'Subheading', 'Bulleted list', 'Numbered list', 'Link']) {
      expect(tool(name)).toHaveAttribute('aria-pressed', 'false');
    }
    expect(tool('Undo')).toHaveAttribute('aria-disabled', 'true');
    expect(tool('Redo')).toHaveAttribute('aria-disabled', 'true');
    expect(region().closest('[data-height]')).toHaveStyle({ height: '450px' });
  });

  it('has the small height when asked', async () => {
    await renderUi(<Standalone height="small" />);
    expect(region().closest('[data-height]')).toHaveStyle({ height: '250px' });
  });

  it('gives the typed text as HTML, in bold once Bold is pressed, and undoes and redoes it', async () => {
    const onChange = jest.fn();
    const { user } = await renderUi(<Standalone onChange={onChange} />);

    await user.click(region());
    await typeIn(user, 'Drink water');
    expect(onChange).toHaveBeenLastCalledWith('<p>Drink water</p>');

    await user.click(tool('Bold'));
    expect(tool('Bold')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(region()).toHaveFocus());
    await typeIn(user, ' daily');
    expect(onChange).toHaveBeenLastCalledWith('<p>Drink water<strong> daily</strong></p>');

    await user.keyboard('{Control>}b{/Control}');
    expect(tool('Bold')).toHaveAttribute('aria-pressed', 'false');
    await typeIn(user, '!');
    expect(onChange).toHaveBeenLastCalledWith('<p>Drink water<strong> daily</strong>!</p>');

    // Undo takes back the last group of changes (how much TipTap groups depends on the typing's pace), Redo brings it back.
    const sent = onChange.mock.calls.map(([html]) => html as string);
    expect(tool('Undo')).not.toHaveAttribute('aria-disabled');
    await user.click(tool('Undo'));
    const undone = onChange.mock.lastCall?.[0] as string;
    expect(undone).not.toBe('<p>Drink water<strong> daily</strong>!</p>');
    expect(['', ...sent]).toContain(undone);
    expect(tool('Redo')).not.toHaveAttribute('aria-disabled');
    await user.click(tool('Redo'));
    expect(onChange).toHaveBeenLastCalledWith('<p>Drink water<strong> daily</strong>!</p>');
  });

  it('toggles italic, underline, headings and both kinds of list', async () => {
    const onChange = jest.fn();
    const { user } = await renderUi(<Standalone onChange={onChange} />);
    await user.click(region());

    await user.click(tool('Heading'));
    await typeIn(user, 'Week 1');
    expect(tool('Heading')).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Enter}');
    await user.click(tool('Italic'));
    await user.click(tool('Underline'));
    await typeIn(user, 'Note');
    await user.click(tool('Italic'));
    await user.click(tool('Underline'));
    await user.keyboard('{Enter}');
    await user.click(tool('Bulleted list'));
    await typeIn(user, 'Walk');
    expect(tool('Bulleted list')).toHaveAttribute('aria-pressed', 'true');
    await user.click(tool('Numbered list'));
    expect(tool('Numbered list')).toHaveAttribute('aria-pressed', 'true');
    expect(tool('Bulleted list')).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await user.click(tool('Subheading'));
    await typeIn(user, 'End');

    expect(onChange).toHaveBeenLastCalledWith(
      '<h2>Week 1</h2><p><em><u>Note</u></em></p><ol><li><p>Walk</p></li></ol><h3>End</h3>',
    );
  });

  it('links with a URL prompt that takes http, https and mailto only', async () => {
    const onChange = jest.fn();
    const { user } = await renderUi(<Standalone onChange={onChange} />);
    await user.click(region());
    await typeIn(user, 'See ');

    await user.click(tool('Link'));
    const url = screen.getByRole('textbox', { name: 'Link URL' });
    expect(url).toHaveFocus();
    await user.type(url, 'javascript:alert(1)');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_URL);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(expect.stringContaining(INVALID_URL));
    expect(onChange).toHaveBeenLastCalledWith('<p>See </p>');

    await user.clear(url);
    await user.type(url, 'https://example.org/diet');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.queryByRole('textbox', { name: 'Link URL' })).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(
      '<p>See <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/diet">https://example.org/diet</a></p>',
    );
    expect(tool('Link')).toHaveAttribute('aria-pressed', 'true');

    // In the link, the prompt offers its URL and Remove link; Escape closes it and the editor has the focus.
    await user.click(tool('Link'));
    expect(screen.getByRole('textbox', { name: 'Link URL' })).toHaveValue('https://example.org/diet');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(region()).toHaveFocus());
    await user.click(tool('Link'));
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(onChange).toHaveBeenLastCalledWith('<p>See https://example.org/diet</p>');

    await user.keyboard('{Control>}k{/Control}');
    await user.type(screen.getByRole('textbox', { name: 'Link URL' }), 'mailto:care@northside.example{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<a target="_blank" rel="noopener noreferrer nofollow" href="mailto:care@northside.example">'));
  });

  it('drops a pasted javascript: link but keeps its text', async () => {
    const onChange = jest.fn();
    const { user } = await renderUi(<Standalone onChange={onChange} />);
    await user.click(region());

    const html = '<p><a href="javascript:alert(1)">Click</a> and <a href="https://example.org">safe</a></p>';
    fireEvent.paste(region(), { clipboardData: { types: ['text/html', 'text/plain'], getData: (type: string) => ({ 'text/html': html, 'text/plain': 'Click and safe' })[type] ?? '' } });

    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        '<p>Click and <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org">safe</a></p>',
      ),
    );
  });

  it('shows a value given from outside (a loaded record) without sending it back', async () => {
    const onChange = jest.fn();
    const { user } = await renderUi(<Standalone initial="<p>Hello <strong>there</strong></p>" onChange={onChange} />);
    expect(region()).toContainHTML('<p>Hello <strong>there</strong></p>');

    await user.click(screen.getByRole('button', { name: 'Load' }));

    expect(region()).toContainHTML('<p>Loaded <em>again</em></p>');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves through the toolbar with the arrow keys, Home and End, from one tab stop', async () => {
    const { user } = await renderUi(<Standalone />);
    await user.tab();
    expect(tool('Bold')).toHaveFocus();
    expect(within(screen.getByRole('toolbar')).getAllByRole('button').filter((b) => b.tabIndex === 0)).toEqual([tool('Bold')]);

    await user.keyboard('{ArrowRight}');
    expect(tool('Italic')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tool('Redo')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tool('Bold')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tool('Redo')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tool('Bold')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    await user.tab();
    expect(region()).toHaveFocus();
    await user.tab({ shift: true });
    expect(tool('Italic')).toHaveFocus();
  });
});

describe('isAllowedLink', () => {
  it.each([
    ['https://example.org/path?q=1', true],
    ['http://example.org', true],
    ['mailto:care@northside.example', true],
    ['  https://example.org  ', true],
    ['javascript:alert(1)', false],
    [' JaVaScRiPt:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['vbscript:msgbox(1)', false],
    ['ftp://example.org', false],
    ['//evil.example', false],
    ['example.org', false],
    ['mailto:', false],
    ['https://', false],
  ])('%j → %s', (url, allowed) => {
    expect(isAllowedLink(url)).toBe(allowed);
  });
});

describe('RichTextField', () => {
  const schema = v.object({ body: v.pipe(v.string(), v.nonEmpty('Body is required.')) });

  function MessageForm({ onSubmit, initial = '' }: { onSubmit: (values: { body: string }) => void; initial?: string }) {
    const form = useValibotForm(schema, { defaultValues: { body: initial } });
    return (
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          onSubmit(values);
          applyServerErrors(form, { errors: { body: ['The body may not contain a script.'] } });
        })}
      >
        <RichTextField control={form.control} name="body" label="Body" height="small" required />
        <button type="submit">Save</button>
        <button type="button" onClick={() => form.reset({ body: '<p>Reset text</p>' })}>
          Reset
        </button>
      </form>
    );
  }

  it("shows the schema's message like other fields, sends the HTML, and takes a server error and a reset", async () => {
    const onSubmit = jest.fn();
    const { user } = await renderUi(<MessageForm onSubmit={onSubmit} />);
    const body = screen.getByRole('textbox', { name: /Body/ });
    expect(body).toHaveAttribute('aria-required', 'true');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toHaveAttribute('aria-invalid', 'true'));
    expect(body).toHaveAccessibleDescription('Body is required.');
    await waitFor(() => expect(body).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();

    await typeIn(user, 'Welcome');
    await waitFor(() => expect(body).not.toHaveAttribute('aria-invalid'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ body: '<p>Welcome</p>' });
    await waitFor(() => expect(body).toHaveAccessibleDescription('The body may not contain a script.'));
    await waitFor(() => expect(body).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(body).toContainHTML('<p>Reset text</p>'));
    expect(body.closest('[data-height]')).toHaveStyle({ height: '250px' });
    await act(async () => undefined);
  });
});
