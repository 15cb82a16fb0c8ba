// Page content: see the landing / gallery / topics issues.
export default function Page() {
  return <main />;
}
