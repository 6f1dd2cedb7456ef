/**
 * The live events' reading (`GET /events`): events split as the stream sends them, in pieces
 * that break anywhere; a save reaches the forms listening, counts reach the menu.
 */
import { QueryClient } from '@tanstack/react-query';
import { dispatch, onSaved, parseEvents, type SavedEvent } from './live-events';

describe('parseEvents', () => {
  it('splits events, keeps what is not complete yet, and skips comments', () => {
    const [events, rest] = parseEvents('retry: 2000\n\nevent: counts\ndata: {"review":1}\n\n: still here\n\nevent: saved\nid: 7\ndata: {"ki');
    expect(events).toEqual([{ event: 'counts', data: '{"review":1}' }]);
    expect(rest).toBe('event: saved\nid: 7\ndata: {"ki');
    const [more, left] = parseEvents(`${rest}nd":"blog"}\n\nid: 9\n\n`);
    expect(more).toEqual([
      { event: 'saved', id: '7', data: '{"kind":"blog"}' },
      { event: 'message', id: '9' },
    ]);
    expect(left).toBe('');
  });

  it('reads the same events however the stream is cut, with CRLF line ends too', () => {
    const stream = 'event: saved\r\nid: 3\r\ndata: {"id":1}\r\n\r\nevent: counts\ndata: {}\n\n';
    for (let cut = 0; cut <= stream.length; cut += 1) {
      const [first, rest] = parseEvents(stream.slice(0, cut));
      const [second] = parseEvents(rest + stream.slice(cut));
      expect([...first, ...second].map((e) => e.event), `cut at ${cut}`).toEqual(['saved', 'counts']);
    }
  });
});

describe('dispatch', () => {
  it('hands a save to its listeners and reads again what waits for review', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const heard: SavedEvent[] = [];
    const stop = onSaved((saved) => heard.push(saved));
    const saved = { kind: 'blog', id: 9, version: 4, by: 'sara', at: '2026-12-04T10:04:00Z', action: 'saved', fields: ['name'] };
    dispatch({ event: 'saved', data: JSON.stringify(saved) }, queryClient);
    expect(heard).toEqual([saved]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['review'] });
    stop();
    dispatch({ event: 'saved', data: JSON.stringify(saved) }, queryClient);
    expect(heard).toHaveLength(1);
    // Data that is not JSON is no event.
    dispatch({ event: 'saved', data: '{' }, queryClient);
    expect(heard).toHaveLength(1);
  });
});
