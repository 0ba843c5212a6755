import { describe, expect, it } from '@jest/globals';
import { dismissErrorToasts, getToasts, toast } from './toast-store';

describe('toasts beside a success screen', () => {
  it('drops an error toast left from an earlier try, and keeps a success one', () => {
    toast({ title: 'Invalid Email', description: 'Please enter a valid email address.', variant: 'destructive' });
    dismissErrorToasts();
    expect(getToasts()).toEqual([]);
    toast({ title: 'Account Created Successfully' });
    dismissErrorToasts();
    expect(getToasts().map((t) => t.title)).toEqual(['Account Created Successfully']);
  });
});
