// Checks responses against the served OpenAPI document, so that every integration test also
// proves the document tells the truth about what the server sends.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

export interface ResponseChecker {
  /** Errors of one response against its documented schema; undefined when the route is not documented. */
  check(method: string, path: string, status: number, body: unknown): string[] | undefined;
}

export function createResponseChecker(doc: {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}): ResponseChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: 'openapi', components: doc.components ?? {} });
  const routes = Object.entries(doc.paths).map(([template, operations]) => ({
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    operations,
  }));
  const cache = new Map<unknown, ReturnType<Ajv2020['compile']>>();
  const rewrite = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));

  return {
    check(method, path, status, body) {
      const route = routes.find((r) => r.pattern.test(path));
      const operation = route?.operations[method.toLowerCase()];
      if (!operation) return undefined;
      const response = operation.responses?.[String(status)];
      if (!response) return [`${method} ${path}: status ${status} is not documented`];
      const schema = response.content?.['application/json']?.schema;
      if (!schema) return [];
      let validate = cache.get(schema);
      if (!validate) {
        validate = ajv.compile(rewrite(schema) as object);
        cache.set(schema, validate);
      }
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (e) => `${method} ${path} ${status}: ${e.instancePath} ${e.message}`,
      );
    },
  };
}
