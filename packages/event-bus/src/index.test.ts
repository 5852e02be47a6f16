import { bus, createEventBus, type BariDeskEvents } from './index';

type TestEvents = { saved: { id: number }; refreshed: void };

describe('createEventBus', () => {
  it('delivers a payload to every handler of its type only', () => {
    const events = createEventBus<TestEvents>();
    const first = jest.fn();
    const second = jest.fn();
    const other = jest.fn();
    events.on('saved', first);
    events.on('saved', second);
    events.on('refreshed', other);

    events.emit('saved', { id: 7 });

    expect(first).toHaveBeenCalledWith({ id: 7 });
    expect(second).toHaveBeenCalledWith({ id: 7 });
    expect(other).not.toHaveBeenCalled();
  });

  it('emits a void event without a payload', () => {
    const events = createEventBus<TestEvents>();
    const handler = jest.fn();
    events.on('refreshed', handler);
    events.emit('refreshed');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('stops calling a handler after its unsubscribe function or off', () => {
    const events = createEventBus<TestEvents>();
    const viaReturn = jest.fn();
    const viaOff = jest.fn();
    const unsubscribe = events.on('saved', viaReturn);
    events.on('saved', viaOff);

    unsubscribe();
    events.off('saved', viaOff);
    events.emit('saved', { id: 1 });

    expect(viaReturn).not.toHaveBeenCalled();
    expect(viaOff).not.toHaveBeenCalled();
  });

  it('keeps delivering to the other handlers when one throws, and logs the failure', () => {
    const events = createEventBus<TestEvents>();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = jest.fn();
    events.on('saved', () => {
      throw new Error('broken remote');
    });
    events.on('saved', after);

    expect(() => events.emit('saved', { id: 2 })).not.toThrow();
    expect(after).toHaveBeenCalledWith({ id: 2 });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('"saved"'), expect.any(Error));
    log.mockRestore();
  });

  it('delivers the current event to every handler even if one unsubscribes another meanwhile', () => {
    const events = createEventBus<TestEvents>();
    const second = jest.fn();
    events.on('saved', () => events.off('saved', second));
    events.on('saved', second);

    events.emit('saved', { id: 3 });
    events.emit('saved', { id: 4 });

    expect(second).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledWith({ id: 3 });
  });

  it('clears the handlers of one type or of all types', () => {
    const events = createEventBus<TestEvents>();
    const saved = jest.fn();
    const refreshed = jest.fn();
    events.on('saved', saved);
    events.on('refreshed', refreshed);

    events.clear('saved');
    events.emit('saved', { id: 5 });
    events.emit('refreshed');
    expect(saved).not.toHaveBeenCalled();
    expect(refreshed).toHaveBeenCalledTimes(1);

    events.clear();
    events.emit('refreshed');
    expect(refreshed).toHaveBeenCalledTimes(1);
  });

  it('types payloads per event', () => {
    const events = createEventBus<TestEvents>();
    // @ts-expect-error the payload of "saved" is required
    events.emit('saved');
    // @ts-expect-error a wrong payload shape is refused
    events.emit('saved', { id: 'x' });
    // @ts-expect-error unknown event types are refused
    events.on('unknown', () => undefined);
    expect(true).toBe(true);
  });
});

describe('bus', () => {
  afterEach(() => bus.clear());

  it('carries the BariDesk events', () => {
    const notices: BariDeskEvents['notify'][] = [];
    const reports: BariDeskEvents['report:preparing'][] = [];
    bus.on('notify', (notice) => notices.push(notice));
    bus.on('report:preparing', (report) => reports.push(report));

    bus.emit('notify', { status: 'success', title: 'Success', message: 'Saved.' });
    bus.emit('report:preparing', { id: 'r1', label: 'Surgery volume' });
    bus.emit('report:preparing', null);

    expect(notices).toEqual([{ status: 'success', title: 'Success', message: 'Saved.' }]);
    expect(reports).toEqual([{ id: 'r1', label: 'Surgery volume' }, null]);
  });
});
