// Microsoft's certification rules for a Power Platform connector's definition that a tool can
// check (learn.microsoft.com, "Connector certification: submission requirements"), as one pure
// function: the connector's title (at most 30 characters, without "API" or "Connector"), its
// description (30 to 500 characters), every operation's summary (at most 80 characters, and not
// its description), operationIds in PascalCase, a response schema on every operation, and the
// x-ms-connector-metadata (website, privacy policy, categories).

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
const REQUIRED_METADATA = ['Website', 'Privacy policy', 'Categories'];

/** Every rule the definition breaks, one line each; [] when it passes. */
export function certificationProblems(doc: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(doc)) return ['the definition is not an object'];
  const info = isObject(doc.info) ? doc.info : {};
  const title = typeof info.title === 'string' ? info.title : '';
  if (title.length === 0 || title.length > 30) problems.push(`title "${title}" must be 1 to 30 characters`);
  if (/\bapi\b/i.test(title) || /connector/i.test(title))
    problems.push(`title "${title}" must not contain "API" or "Connector"`);
  const description = typeof info.description === 'string' ? info.description : '';
  if (description.length < 30 || description.length > 500)
    problems.push(`description must be 30 to 500 characters (has ${description.length})`);
  const metadata = Array.isArray(doc['x-ms-connector-metadata']) ? doc['x-ms-connector-metadata'] : [];
  for (const name of REQUIRED_METADATA) {
    const entry = metadata.find((m) => isObject(m) && m.propertyName === name);
    if (!isObject(entry) || typeof entry.propertyValue !== 'string' || entry.propertyValue === '')
      problems.push(`x-ms-connector-metadata lacks "${name}"`);
  }
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const id = typeof op.operationId === 'string' ? op.operationId : '';
      if (!/^[A-Z][a-zA-Z0-9]*$/.test(id)) problems.push(`${where}: operationId "${id}" must be PascalCase`);
      const summary = typeof op.summary === 'string' ? op.summary : '';
      if (summary === '' || summary.length > 80) problems.push(`${where}: summary must be 1 to 80 characters`);
      if (typeof op.description === 'string' && op.description.trim() === summary.trim())
        problems.push(`${where}: summary and description must differ`);
      const responses = isObject(op.responses) ? Object.values(op.responses) : [];
      if (!responses.some((r) => isObject(r) && isObject(r.schema)))
        problems.push(`${where}: no response has a schema`);
    }
  }
  return problems;
}
