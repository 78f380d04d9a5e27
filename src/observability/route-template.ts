/** The label of a request whose path matches no known route. */
export const UNMATCHED = 'unmatched';

/**
 * Finds the template (`/api/streams/{streamId}`) a request path matches, so logs
 * and metric labels name routes, never raw ids. It matches exactly, as the
 * service routes (case and a trailing slash count); fixed paths win over
 * templates (`/api/streams/nav`).
 */
export function routeMatcher(templates: readonly string[]): (url: string) => string {
  const routes = [...templates]
    .sort((a, b) => parameters(a) - parameters(b))
    .map((template) => ({
      template,
      pattern: new RegExp(
        `^${template
          .split(/\{[^/}]+\}/)
          .map(escape)
          .join('[^/]+')}$`,
      ),
    }));
  return (url) => {
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    return routes.find((route) => route.pattern.test(path))?.template ?? UNMATCHED;
  };
}

function parameters(template: string): number {
  return template.split('{').length - 1;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
