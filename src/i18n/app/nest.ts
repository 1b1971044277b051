/** A tree of messages: strings at the leaves. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/** { 'app.errors.notFound': 'x' } → { app: { errors: { notFound: 'x' } } } */
export const nest = (flat: Readonly<Record<string, string>>): MessageTree => {
  const root: MessageTree = {};
  for (const [path, text] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = root;
    parts.slice(0, -1).forEach((part) => {
      const child = node[part];
      if (typeof child === 'string') throw new Error(`Message key ${path} is under a message`);
      node = (node[part] = child ?? {}) as MessageTree;
    });
    node[parts[parts.length - 1]] = text;
  }
  return root;
};

/** { app: { errors: { notFound: 'x' } } } → { 'app.errors.notFound': 'x' } */
export const flatten = (tree: unknown, prefix = ''): Record<string, string> => {
  const out: Record<string, string> = {};
  if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') out[path] = value;
      else Object.assign(out, flatten(value, path));
    }
  }
  return out;
};

const isTree = (v: unknown): v is MessageTree => !!v && typeof v === 'object' && !Array.isArray(v);

/** Deep merge: later trees win at the leaves. */
export const merge = (...trees: MessageTree[]): MessageTree => {
  const out: MessageTree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const existing = out[key];
      out[key] = isTree(existing) && isTree(value) ? merge(existing, value) : value;
    }
  }
  return out;
};
