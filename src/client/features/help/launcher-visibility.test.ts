import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/paths';
import { showsHelpLauncher } from './launcher-visibility';

const id = '0b8f4c2e-1d3a-4f5b-9c6d-7e8f9a0b1c2d';

describe('where the help launcher shows', () => {
  it.each([
    '/',
    '/faq/',
    '/pros/',
    '/dashboard/',
    '/signin/',
    '/signup/',
    '/allProducts/',
    '/success/',
    '/proposals-archive/',
  ])('shows on %s', (path) => {
    expect(showsHelpLauncher(path)).toBe(true);
  });

  it.each([
    paths.proposal(id),
    paths.proposalSelections(id),
    paths.proposalEdit(id),
    `/proposal/${id}/edit/`,
    paths.proposalSend(id),
    paths.proposalReceived(id),
    paths.proposalReceivedSelections(id),
    paths.proposalSign(id),
    paths.proposalSigned(id),
    paths.proposalLog(id),
    paths.proposalSignup(id),
    paths.proposalLogin(id),
    paths.proposalSent(id),
    `//proposal//${id}/`,
    paths.print(id),
    paths.create(),
    '/plan/step/',
  ])('is absent on %s', (path) => {
    expect(showsHelpLauncher(path)).toBe(false);
  });
});
