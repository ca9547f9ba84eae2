import { sql } from 'drizzle-orm';
import type { StaffRole } from '@portal/contract';
import type { Db } from '../../db/database.js';
import { enqueueMail, oneLine } from '../../lib/mail.js';
import { PeriodicJob } from '../../lib/periodic-job.js';
import { inboxItems, visibleTo } from './inbox-items.js';
import { overdueAt, serviceTimeJoin } from './inbox.table.js';
import type { JobLeases } from '../../lib/job-leases.js';

/**
 * The daily overview of the inbox (issue 30.6): each working morning from DIGEST_HOUR, every staff member who
 * chose it gets the counts of what waits (items without a handler, their own open items, items past their due
 * moment as the inbox shows it: "Te laat"), as their role sees the inbox, and the links. Counts only: a mail
 * carries no patient data. Any number of processes may run it: a staff member's day is claimed on their row
 * before their mail is queued.
 */

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The day, weekday (1 = Monday) and hour it is in the Netherlands. */
function amsterdamParts(moment: Date): { date: string; weekday: number; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23', weekday: 'short' })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday ?? '') + 1;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, hour: Number(parts.hour) };
}

interface Counts {
  unassigned: number;
  mine: number;
  overdue: number;
}

export class InboxDigest {
  constructor(
    private readonly ownerDb: Db,
    private readonly options: { publicUrl: string; hour: number; clock?: () => Date; mailQueued: () => void },
  ) {}

  /** Sends today's overviews that are due; answers how many went. */
  async runOnce(): Promise<number> {
    const now = this.options.clock?.() ?? new Date();
    const today = amsterdamParts(now);
    if (today.weekday === 6 || today.weekday === 7 || today.hour < this.options.hour) return 0;
    const due = await this.ownerDb.execute<{ id: number; email_address: string; first_name: string; role: StaffRole }>(sql`
      select id, email_address, first_name, role from staff_accounts
      where digest_mails and is_active and password_hash is not null and digest_sent_on is distinct from ${today.date}::date`);
    let sent = 0;
    for (const staff of due.rows) {
      const mailed = await this.ownerDb.transaction(async (tx) => {
        const claimed = await tx.execute(sql`
          update staff_accounts set digest_sent_on = ${today.date}::date
          where id = ${staff.id} and digest_mails and digest_sent_on is distinct from ${today.date}::date`);
        if (!claimed.rowCount) return false;
        const counts = await this.countsFor(tx as unknown as Db, staff, now);
        if (counts.unassigned + counts.mine + counts.overdue === 0) return false;
        await enqueueMail(tx as unknown as Db, this.mail(staff, counts));
        return true;
      });
      if (mailed) sent += 1;
    }
    if (sent) this.options.mailQueued();
    return sent;
  }

  private async countsFor(tx: Db, staff: { id: number; role: StaffRole }, now: Date): Promise<Counts> {
    const result = await tx.execute<{ unassigned: number; mine: number; overdue: number }>(sql`
      select count(*) filter (where i.assignee_id is null)::int as unassigned,
             count(*) filter (where i.assignee_id = ${staff.id})::int as mine,
             count(*) filter (where ${overdueAt(sql`${now.toISOString()}::timestamptz`)})::int as overdue
      from ${inboxItems} i ${serviceTimeJoin}
      where i.status in ('New', 'Processing') and ${visibleTo(staff.role)}`);
    const row = result.rows[0];
    return { unassigned: Number(row?.unassigned ?? 0), mine: Number(row?.mine ?? 0), overdue: Number(row?.overdue ?? 0) };
  }

  private mail(staff: { email_address: string; first_name: string }, counts: Counts) {
    return {
      to: staff.email_address,
      subject: oneLine(`Inbox van vandaag: ${items(counts.unassigned)} zonder behandelaar`),
      text: [
        `Goedemorgen ${oneLine(staff.first_name)},`,
        '',
        'In de inbox van Mijn Spits Beheer wacht:',
        `- ${items(counts.unassigned)} zonder behandelaar`,
        `- ${items(counts.mine)} aan u toegewezen en nog open`,
        `- ${items(counts.overdue)} te laat (over de uiterste ontvangstdatum of de servicetijd)`,
        '',
        `Openen: ${this.options.publicUrl}/beheer/inbox`,
        `Alleen te laat: ${this.options.publicUrl}/beheer/inbox?overdue=1`,
        '',
        'U krijgt dit overzicht omdat u het hebt gekozen; uitzetten kan in Mijn Spits Beheer onder Instellingen.',
      ].join('\n'),
    };
  }

  /** The overview as a job of the server: every hour; each staff member gets at most one a day. */
  periodic(log: { error(obj: unknown, msg?: string): void }, leases?: JobLeases): PeriodicJob {
    return new PeriodicJob(
      async () => {
        await this.runOnce();
      },
      { name: 'inbox-digest', intervalMs: 3_600_000, onError: (error) => log.error({ err: error }, 'inbox digest failed'), turns: leases ? { leases } : undefined },
    );
  }
}
