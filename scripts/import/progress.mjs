// What an import says as it goes: one line per item (items and bytes so far), and on a terminal a
// bar that is redrawn in place.
const mb = (bytes) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

export function progress(out, { items, bytes }) {
  const tty = Boolean(out.isTTY);
  let doneItems = 0;
  let doneBytes = 0;
  let current = '';
  const bar = () => {
    if (!tty) return;
    const share = bytes > 0 ? doneBytes / bytes : doneItems / Math.max(1, items);
    const width = 24;
    const filled = Math.round(share * width);
    out.write(`\r\x1b[2K[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${doneItems}/${items} items, ${mb(doneBytes)}/${mb(bytes)} ${current}`);
  };
  return {
    start(item) {
      current = item.slug;
      bar();
    },
    sent(size) {
      doneBytes += size;
      bar();
    },
    skip(size) {
      doneBytes += size;
      bar();
    },
    item(line) {
      doneItems += 1;
      if (tty) out.write('\r\x1b[2K');
      out.write(`${line} [${doneItems}/${items}, ${mb(doneBytes)}/${mb(bytes)}]\n`);
      bar();
    },
    done() {
      if (tty) out.write('\r\x1b[2K');
    },
  };
}
