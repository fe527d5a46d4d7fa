// An e-mail address that may wrap after the @ rather than mid-word (the admin lists' narrow columns and cards).

export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <span className={`break-all ${className ?? ''}`}>{email}</span>;
  return (
    <span className={className}>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}
