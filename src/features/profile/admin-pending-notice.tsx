// My Profile, for an e-mail on the shop's admin list (ADMIN_EMAILS) that is not verified yet: the server
// makes an address admin only once it is verified (docs/architecture.md, "Identity and access"), so the
// user is told how to get there. After the verification the app exchanges its token again by itself.

export const ADMIN_PENDING_TEXT =
  "Your e-mail address is on this shop's admin list. Verify it (use Resend verification e-mail below) and you become admin as soon as this app sees the verification.";

export function AdminPendingNotice() {
  return (
    <div role="status" className="alert alert-info alert-soft">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p>{ADMIN_PENDING_TEXT}</p>
    </div>
  );
}
