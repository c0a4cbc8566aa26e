/** When Retry is offered: only where a retry of the same file can end otherwise. */
import { describe, expect, it } from 'vitest';
import { isRetryable, TEMPLATE_MESSAGES } from '../../../contract/templates';

const pending = (status: 'scan_failed' | 'ipfs_pin_failed' | 'processing' | 'rejected') => ({
  status: 'approved' as const,
  pending_version: { status },
});

describe('retrying processing', () => {
  it('offers Retry after a failure on our side (reading or pinning the file)', () => {
    expect(isRetryable({ status: 'ipfs_pin_failed' })).toBe(true);
    expect(isRetryable(pending('ipfs_pin_failed'))).toBe(true);
  });

  it('does not offer Retry for a file the security scan refused: it would be refused again', () => {
    expect(isRetryable({ status: 'scan_failed' })).toBe(false);
    expect(isRetryable({ status: 'scan_failed', pending_version: null })).toBe(false);
    expect(isRetryable(pending('scan_failed'))).toBe(false);
  });

  it('does not offer Retry where nothing failed', () => {
    for (const status of ['approved', 'pending_review', 'rejected', 'archived'] as const) {
      expect(isRetryable({ status }), status).toBe(false);
    }
    expect(isRetryable(pending('processing'))).toBe(false);
    expect(isRetryable(pending('rejected'))).toBe(false);
  });

  it('tells the seller what to do instead, in words', () => {
    expect(TEMPLATE_MESSAGES.uploadCorrected).toBe('Upload a corrected version');
    expect(TEMPLATE_MESSAGES.notRetryable).toContain('upload a corrected version');
  });
});
