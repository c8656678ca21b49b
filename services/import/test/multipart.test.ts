/**
 * The import's multipart reader (multipart.ts) against undici's `Response.formData` (the WHATWG algorithm the
 * reader replaced) on forms that undici's own FormData serialiser writes, as browsers do, and on bodies written
 * by hand (a quoted boundary, a preamble and an epilogue, a part without a name, a body cut short).
 */
import { describe, expect, it } from "vitest";
import { FormUnreadable, formFiles, multipartParts } from "../src/multipart.ts";

async function encoded(form: FormData) {
  const response = new Response(form);
  return { body: new Uint8Array(await response.arrayBuffer()), contentType: response.headers.get("content-type") as string };
}

/** a deterministic generator (mulberry32) */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("multipart reader", () => {
  it("reads what undici's formData reads, on 200 generated forms (files of any bytes, text fields, names in UTF-8)", async () => {
    const next = random(20261127);
    const names = ["file", "image", "mapping", "notes", "Größe", "a b", 'x"y'];
    for (let n = 0; n < 200; n++) {
      const form = new FormData();
      const count = 1 + Math.floor(next() * 5);
      for (let p = 0; p < count; p++) {
        const name = names[Math.floor(next() * names.length)];
        if (next() < 0.5) {
          // bytes that contain CR, LF and dashes, as binary files do
          const bytes = Uint8Array.from(
            { length: Math.floor(next() * 3000) },
            () => [13, 10, 45, Math.floor(next() * 256)][Math.floor(next() * 4)],
          );
          form.append(name, new Blob([bytes], { type: next() < 0.5 ? "image/png" : "" }), next() < 0.2 ? "" : `f${p}-€.csv`);
        } else form.append(name, `value ${p}\r\n-- é ${"-".repeat(Math.floor(next() * 5))}`);
      }
      const { body, contentType } = await encoded(form);
      const reference = await new Response(body, { headers: { "content-type": contentType } }).formData();
      const expected = await Promise.all(
        [...reference.entries()].map(async ([name, v]) =>
          typeof v === "string"
            ? { name, text: v }
            : { name, filename: v.name, type: v.type, bytes: [...new Uint8Array(await v.arrayBuffer())] },
        ),
      );
      const parts = multipartParts(body, contentType).map((p) =>
        p.filename === undefined
          ? { name: p.name, text: Buffer.from(p.bytes).toString("utf8") }
          : { name: p.name, filename: p.filename, type: p.type, bytes: [...p.bytes] },
      );
      expect(parts, `form ${n}`).toEqual(expected);
    }
  });

  it("reads a hand-written body: quoted boundary, preamble, transport padding, epilogue", () => {
    const body = Buffer.from(
      'a preamble\r\n--b q:1\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n{"ticker":"Symbol"}\r\n--b q:1  \r\n' +
        'Content-Disposition: form-data; name="file"; filename="h.csv"\r\nContent-Type: text/csv\r\n\r\nSymbol,Qty\r\nSPY,1\r\n--b q:1--\r\nan epilogue',
    );
    // a space and a colon cannot be in an unquoted boundary: this one is quoted
    const { files, fields } = formFiles(body, 'multipart/form-data; boundary="b q:1"', "file", 1);
    expect(fields.get("mapping")).toBe('{"ticker":"Symbol"}');
    expect(files.map((f) => [f.name, f.type, Buffer.from(f.bytes).toString()])).toEqual([["h.csv", "text/csv", "Symbol,Qty\r\nSPY,1"]]);
  });

  it("refuses with the reply's words: no boundary, no closing delimiter, a part without a name, no file, too many files", async () => {
    const form = new FormData();
    form.append("file", new Blob(["a"]), "a.csv");
    form.append("file", new Blob(["b"]), "b.csv");
    const { body, contentType } = await encoded(form);
    const words = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        expect(err).toBeInstanceOf(FormUnreadable);
        return (err as Error).message;
      }
      return "read";
    };
    expect(words(() => formFiles(body, "multipart/form-data", "file", 5))).toBe("the multipart form could not be read");
    expect(words(() => formFiles(body.subarray(0, body.length - 10), contentType, "file", 5))).toBe("the multipart form could not be read");
    expect(words(() => formFiles(body, "text/csv", "file", 5))).toBe("send the file as multipart/form-data in the field 'file'");
    expect(words(() => formFiles(body, contentType, "image", 5))).toBe("body/image is required: attach the file in the field 'image'");
    expect(words(() => formFiles(body, contentType, "file", 1))).toBe("body/file: at most 1 files at once");
    expect(formFiles(body, contentType, "file", 2).files.map((f) => f.name)).toEqual(["a.csv", "b.csv"]);
    const nameless = Buffer.from("--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--");
    expect(words(() => formFiles(nameless, "multipart/form-data; boundary=b", "file", 1))).toBe("the multipart form could not be read");
  });
});
