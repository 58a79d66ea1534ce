/** One server-sent event: `event:` name (if any) and its `data:` lines joined by "\n". */
export interface SseEvent {
  event?: string;
  data: string;
}

/**
 * Parse a server-sent-events byte stream (the WHATWG rules the providers follow): lines end in LF, CRLF or CR,
 * even across chunk boundaries; `data:` lines accumulate; a blank line dispatches; `:` lines are comments;
 * one leading space after the colon is dropped; UTF-8 split across chunks is joined. An event without data is
 * not dispatched; an unterminated last event is dispatched at the end of the stream.
 */
export async function* parseSse(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder("utf-8");
  let buf = "";
  let event: string | undefined;
  let data: string[] = [];
  let sawData = false;

  function* line(l: string): Generator<SseEvent> {
    if (l === "") {
      if (sawData) yield { event, data: data.join("\n") };
      event = undefined;
      data = [];
      sawData = false;
      return;
    }
    if (l.startsWith(":")) return;
    const colon = l.indexOf(":");
    const field = colon === -1 ? l : l.slice(0, colon);
    let value = colon === -1 ? "" : l.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") {
      data.push(value);
      sawData = true;
    } else if (field === "event") event = value;
  }

  function* drain(final: boolean): Generator<SseEvent> {
    for (;;) {
      const m = /\r\n|\r|\n/.exec(buf);
      if (!m) break;
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
      if (m[0] === "\r" && m.index === buf.length - 1 && !final) break;
      const l = buf.slice(0, m.index);
      buf = buf.slice(m.index + m[0].length);
      yield* line(l);
    }
  }

  for await (const chunk of body) {
    buf += decoder.decode(chunk, { stream: true });
    yield* drain(false);
  }
  buf += decoder.decode();
  yield* drain(true);
  if (buf !== "") yield* line(buf);
  if (sawData) yield { event, data: data.join("\n") };
}
