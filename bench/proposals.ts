/** A proposal of `groups` × `items` priced lines with a note each, created through the API. */
export async function createBenchProposal(
  address: string,
  cookie: string,
  { groups, items }: { groups: number; items: number },
): Promise<string> {
  const body = {
    projectName: `Bench ${groups} × ${items}`,
    companyName: 'Bench Builds',
    contract: 'Terms. '.repeat(200),
    costGroups: Array.from({ length: groups }, (_, g) => ({
      name: `Group ${g + 1}`,
      values: Array.from({ length: items }, (_, i) => ({
        name: `Item ${g + 1}.${i + 1} with a realistic name`,
        rawCost: String(100 + i),
        costType: 4,
        selection: i % 4 === 0,
        note: 'Supply and install, including haul-away of the old fixture. '.repeat(3),
      })),
    })),
  };
  const created = await fetch(`${address}/api/proposal`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  return created.text();
}
