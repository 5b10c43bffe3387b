/**
 * The CONTAINERS and IMAGES cells of workload tables (printers.go layoutContainerCells):
 * names and images of the template's containers, comma-joined.
 */

/** `[names, images]` of a pod template's containers. */
export function containerCells(template: { spec?: { containers?: { name?: string; image?: string }[] } } | undefined): [string, string] {
  const cs = template?.spec?.containers ?? [];
  return [cs.map((c) => c.name ?? '').join(','), cs.map((c) => c.image ?? '').join(',')];
}


