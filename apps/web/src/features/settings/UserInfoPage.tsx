export default function UserInfoPage() {
  return <div>UserInfoPage</div>;
}
