/*
 * Default texts of a new proposal (docs/product/proposals-editor.md): the welcome note, the 13-clause contract, the example
 * text of the big-picture fields and the viewer's placeholders for empty cover and welcome fields.
 *
 * The contract is a plain-English starting point, not legal advice. Contract, licensing, lien,
 * arbitration and warranty rules differ from state to state (many states require specific notices,
 * such as a right to cancel or a lien notice), so each contractor should have it reviewed for
 * their state before relying on it.
 */

/** The welcome note: paragraphs separated by blank lines; the viewer adds 'Best,' and the name. */
export const DEFAULT_WELCOME_NOTE = [
  'Thank you for inviting us into your home and for the time you spent walking us through your project. We enjoyed hearing what you have in mind, and we are excited about what this space can become for you and your family.',
  'This proposal sets out the plan as we understand it: the scope of the work, what each part costs, and the products you will get to choose. Please take your time with it. If anything looks unclear, or you would like to explore another option, leave a comment or give us a call. We would much rather adjust the plan now than surprise you later.',
  'We take pride in careful work, a clean and respectful job site, and clear communication from the first day to the final walk-through. We look forward to building this with you.',
].join('\n\n');

/** The 13 clauses of docs/product/proposals-editor.md, in order. */
export const DEFAULT_CONTRACT_CLAUSES: readonly string[] = [
  "1. Workmanlike Work. Contractor will perform all work described in this proposal in a good and workmanlike manner, in keeping with accepted industry standards, the manufacturers' installation instructions and the building codes that apply to the project.",
  '2. Plan and Drawings. The work will follow the plan, scope and any drawings or specifications that are part of this proposal. If the drawings and the written plan differ, Homeowner and Contractor will settle the difference in writing before that part of the work goes ahead.',
  "3. Licensed Workers. All work will be performed by workers who hold the licenses and certifications that state and local law require for their trade, and Contractor will keep its own contractor's license in good standing for the length of the project.",
  '4. Subcontractors. Contractor may hire qualified subcontractors to perform parts of the work. Contractor remains responsible to Homeowner for the quality of their work, for their conduct on the property and for paying them.',
  "5. Lien Releases. Contractor will pay its subcontractors and suppliers for the labor and materials furnished to this project. On Homeowner's request, and with the final payment, Contractor will provide lien releases from itself, its subcontractors and its major suppliers for the amounts paid.",
  '6. Written Change Orders. Any change to the scope, price or schedule of the work must be set out in a written change order signed by Homeowner and Contractor before the changed work begins. Each change order will describe the change, its effect on the price and its effect on the schedule.',
  "7. Insurance. Contractor will carry general liability insurance, and workers' compensation insurance as required by law, for the length of the project, and will provide certificates of insurance on request. Homeowner will keep the property insured under a homeowner's policy while the work is under way.",
  '8. Permits. Contractor will obtain the building permits and arrange the inspections that the work requires, unless this proposal states otherwise. Permit fees are included in the price only where the plan lists them; otherwise they are billed at cost.',
  '9. Debris Removal. Contractor will keep the work area reasonably clean and safe, remove construction debris from the property regularly, and leave the work area broom-clean when the work is complete.',
  '10. Right to Stop Work. If a payment is not made when it is due, Contractor may stop work after giving Homeowner written notice, until the overdue amount is paid. The schedule will be extended by the length of the stoppage, and Contractor may charge the reasonable cost of leaving and returning to the site.',
  '11. Arbitration. Any dispute arising out of this agreement that Homeowner and Contractor cannot resolve by discussion will be settled by binding arbitration under the Construction Industry Arbitration Rules of the American Arbitration Association, or by another arbitrator both agree on, held in the county where the property is located. Judgment on the award may be entered in any court having jurisdiction.',
  '12. Delays. Contractor is not liable for delays caused by circumstances beyond its reasonable control, including severe weather, fire, flood and other acts of God, shortages or late delivery of materials, labor disputes, delays by public authorities in issuing permits or performing inspections, concealed conditions, and changes requested by Homeowner. The schedule will be extended by the time such a delay reasonably requires.',
  "13. Warranty. Contractor warrants its workmanship for twenty-four (24) months from the date the work is substantially complete, and will correct at no cost to Homeowner any defect in workmanship reported in writing during that period. Products, fixtures and appliances carry their manufacturers' warranties, which Contractor will pass on to Homeowner. This warranty does not cover normal wear and tear, misuse, neglect, or work done by others.",
];

/** One clause per line: the viewer splits the agreement into paragraphs by line. */
export const DEFAULT_CONTRACT = DEFAULT_CONTRACT_CLAUSES.join('\n');

/** Example text shown in the empty project scope (goal) field. */
export const SCOPE_PLACEHOLDER =
  'Describe the goal of the project and what the work includes. For example: Open the kitchen to the family room by removing the wall between them. Install new cabinets, quartz countertops and an island with seating for four, add recessed lighting, and replace the flooring in both rooms. The goal is a brighter, more open space that works for everyday cooking and for entertaining.';

/** Example text shown in the empty team description field. */
export const TEAM_PLACEHOLDER =
  'Introduce the people who will work on the project. For example: Maria, our project manager, will be your day-to-day contact and will visit the site at every phase. Dan, our lead carpenter, has 15 years of remodeling experience and will be on site daily. Licensed plumbing and electrical work is done by our long-time partners, and our designer will help you choose finishes and fixtures.';

// In a module of their own, so the viewer's first load does not carry the texts above.
export { PLACEHOLDERS } from './placeholders';
