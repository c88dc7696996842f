/** The name prefix of a run's test databases on PostgreSQL: `andes_t_` and the run's template's suffix. */
export function testDatabasePrefix(template: string): string {
  return `andes_t_${template.replace(/^andes_tpl_/, '')}_`;
}
