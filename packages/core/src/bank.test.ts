import { describe, expect, it } from 'vitest';
import { abaNumberRule, bankAccountRule, internationalAccountRule, isAbaRoutingNumber, isSwiftCode, swiftCodeRule } from './bank.ts';

describe('bank card rules', () => {
  it('checks ABA routing numbers by their checksum', () => {
    expect(isAbaRoutingNumber('021000021')).toBe(true);
    expect(isAbaRoutingNumber('011000015')).toBe(true);
    expect(isAbaRoutingNumber('021000022')).toBe(false);
    expect(isAbaRoutingNumber('02100002')).toBe(false);
    expect(abaNumberRule.safeParse('0210 0002 1').success).toBe(true);
  });

  it('checks SWIFT codes of 8 or 11 characters, in any case', () => {
    expect(isSwiftCode('DEUTDEFF')).toBe(true);
    expect(isSwiftCode('DEUTDEFF500')).toBe(true);
    expect(isSwiftCode('DEUTDEF')).toBe(false);
    expect(isSwiftCode('1EUTDEFF')).toBe(false);
    expect(swiftCodeRule.parse(' chasus33 ')).toBe('CHASUS33');
  });

  it('keeps account numbers without spaces', () => {
    expect(bankAccountRule.parse('6222 0212 3456 7890')).toBe('6222021234567890');
    expect(bankAccountRule.safeParse('6222abc').success).toBe(false);
    expect(internationalAccountRule.parse('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(internationalAccountRule.safeParse('DE89<script>').success).toBe(false);
  });
});
