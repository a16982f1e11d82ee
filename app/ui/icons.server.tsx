import type { SVGProps } from "react";
import {
  ArrowDown as LucideArrowDown,
  ArrowLeft as LucideArrowLeft,
  ArrowRight as LucideArrowRight,
  ArrowUpDown as LucideArrowUpDown,
  Award as LucideAward,
  BadgeCheck as LucideBadgeCheck,
  BadgePercent as LucideBadgePercent,
  Banknote as LucideBanknote,
  BatteryCharging as LucideBatteryCharging,
  Bell as LucideBell,
  BellOff as LucideBellOff,
  BellPlus as LucideBellPlus,
  BookOpen as LucideBookOpen,
  Building2 as LucideBuilding2,
  Calculator as LucideCalculator,
  Calendar as LucideCalendar,
  CalendarDays as LucideCalendarDays,
  Camera as LucideCamera,
  Car as LucideCar,
  CarFront as LucideCarFront,
  Check as LucideCheck,
  ChevronDown as LucideChevronDown,
  ChevronLeft as LucideChevronLeft,
  ChevronRight as LucideChevronRight,
  ChevronUp as LucideChevronUp,
  CircleAlert as LucideCircleAlert,
  CircleCheck as LucideCircleCheck,
  CircleUserRound as LucideCircleUserRound,
  ClipboardCheck as LucideClipboardCheck,
  Clock as LucideClock,
  Expand as LucideExpand,
  ExternalLink as LucideExternalLink,
  Eye as LucideEye,
  EyeOff as LucideEyeOff,
  FileText as LucideFileText,
  Flag as LucideFlag,
  Gauge as LucideGauge,
  Gem as LucideGem,
  Globe as LucideGlobe,
  Heart as LucideHeart,
  IdCard as LucideIdCard,
  ImagePlus as LucideImagePlus,
  Info as LucideInfo,
  Link2 as LucideLink2,
  Link2Off as LucideLink2Off,
  LoaderCircle as LucideLoaderCircle,
  LogOut as LucideLogOut,
  Mail as LucideMail,
  MailCheck as LucideMailCheck,
  MailMinus as LucideMailMinus,
  MapPin as LucideMapPin,
  Menu as LucideMenu,
  MessageCircle as LucideMessageCircle,
  MessageSquare as LucideMessageSquare,
  MessageSquareText as LucideMessageSquareText,
  Minus as LucideMinus,
  Moon as LucideMoon,
  Navigation as LucideNavigation,
  Newspaper as LucideNewspaper,
  PenLine as LucidePenLine,
  Phone as LucidePhone,
  PlugZap as LucidePlugZap,
  Plus as LucidePlus,
  Printer as LucidePrinter,
  RotateCw as LucideRotateCw,
  Rss as LucideRss,
  Scale as LucideScale,
  Search as LucideSearch,
  SearchX as LucideSearchX,
  Share2 as LucideShare2,
  ShieldCheck as LucideShieldCheck,
  SlidersHorizontal as LucideSlidersHorizontal,
  Sparkles as LucideSparkles,
  Star as LucideStar,
  Sticker as LucideSticker,
  Store as LucideStore,
  Sun as LucideSun,
  Tag as LucideTag,
  ThumbsUp as LucideThumbsUp,
  Trash2 as LucideTrash2,
  TrendingDown as LucideTrendingDown,
  TrendingUp as LucideTrendingUp,
  TriangleAlert as LucideTriangleAlert,
  Trophy as LucideTrophy,
  UserRound as LucideUserRound,
  Wallet as LucideWallet,
  X as LucideX,
  Zap as LucideZap,
  type LucideIcon,
} from "lucide-react";

// lucide-react's icons as the server prints them. The server build takes `lucide-react` from
// here (the plugin in vite.config.ts; the browser keeps lucide-react itself): lucide-react builds
// each icon through a dozen object spreads, a class-name Set and one React element per path,
// 12 µs an icon against 2 µs for the same <svg>, and a page renders dozens. Here React gets one
// element with the drawing as markup: the same HTML, byte for byte (app/ui/icons.server.test.tsx),
// so the browser's lucide-react hydrates it. An icon the app imports must be listed below.

type IconNode = [tag: string, attributes: Record<string, string | number>][];
interface IconData {
  name: string;
  node: IconNode;
  aliases?: string[];
}

type IconProps = Omit<SVGProps<SVGSVGElement>, "children" | "ref" | "dangerouslySetInnerHTML"> & { size?: number | string };
type IconComponent = ((props: IconProps) => React.JSX.Element) & { displayName?: string };
export type { LucideIcon };

/** The drawing a lucide-react icon component is made from (its forwardRef render names it). */
export function lucideIconData(icon: LucideIcon): IconData {
  const render = (icon as unknown as { render: (props: object, ref: null) => { props: { icon?: IconData } } }).render;
  const data = render({}, null).props.icon;
  if (!data?.node) throw new Error("lucide-react no longer names its icon's drawing: app/ui/icons.tsx needs a look");
  return data;
}

/** The drawing's elements as markup (lucide's own data: tags and plain attribute values). */
function drawingMarkup(node: IconNode): string {
  return node
    .map(([tag, attributes]) => {
      const printed = Object.entries(attributes)
        .filter(([name]) => name !== "key")
        .map(([name, value]) => ` ${name}="${value}"`)
        .join("");
      return `<${tag}${printed}></${tag}>`;
    })
    .join("");
}

const labelled = (props: object) => Object.keys(props).some((name) => name.startsWith("aria-") || name === "role" || name === "title");

function fastIcon(icon: LucideIcon): IconComponent {
  const data = lucideIconData(icon);
  const classes = ["lucide", `lucide-${data.name}`, ...(data.aliases ?? []).map((alias) => `lucide-${alias}`)].join(" ");
  const drawing = { __html: drawingMarkup(data.node) };
  const Icon: IconComponent = ({ className, size = 24, width, height, fill = "none", stroke = "currentColor", strokeWidth = 2, ...rest }) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={width ?? size}
      height={height ?? size}
      viewBox="0 0 24 24"
      fill={fill}
      stroke={stroke}
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className ? `${classes} ${className}` : classes}
      aria-hidden={labelled(rest) ? undefined : "true"}
      {...rest}
      dangerouslySetInnerHTML={drawing}
    />
  );
  Icon.displayName = icon.displayName;
  return Icon;
}

export const ArrowDown = fastIcon(LucideArrowDown);
export const ArrowLeft = fastIcon(LucideArrowLeft);
export const ArrowRight = fastIcon(LucideArrowRight);
export const ArrowUpDown = fastIcon(LucideArrowUpDown);
export const Award = fastIcon(LucideAward);
export const BadgeCheck = fastIcon(LucideBadgeCheck);
export const BadgePercent = fastIcon(LucideBadgePercent);
export const Banknote = fastIcon(LucideBanknote);
export const BatteryCharging = fastIcon(LucideBatteryCharging);
export const Bell = fastIcon(LucideBell);
export const BellOff = fastIcon(LucideBellOff);
export const BellPlus = fastIcon(LucideBellPlus);
export const BookOpen = fastIcon(LucideBookOpen);
export const Building2 = fastIcon(LucideBuilding2);
export const Calculator = fastIcon(LucideCalculator);
export const Calendar = fastIcon(LucideCalendar);
export const CalendarDays = fastIcon(LucideCalendarDays);
export const Camera = fastIcon(LucideCamera);
export const Car = fastIcon(LucideCar);
export const CarFront = fastIcon(LucideCarFront);
export const Check = fastIcon(LucideCheck);
export const ChevronDown = fastIcon(LucideChevronDown);
export const ChevronLeft = fastIcon(LucideChevronLeft);
export const ChevronRight = fastIcon(LucideChevronRight);
export const ChevronUp = fastIcon(LucideChevronUp);
export const CircleAlert = fastIcon(LucideCircleAlert);
export const CircleCheck = fastIcon(LucideCircleCheck);
export const CircleUserRound = fastIcon(LucideCircleUserRound);
export const ClipboardCheck = fastIcon(LucideClipboardCheck);
export const Clock = fastIcon(LucideClock);
export const Expand = fastIcon(LucideExpand);
export const ExternalLink = fastIcon(LucideExternalLink);
export const Eye = fastIcon(LucideEye);
export const EyeOff = fastIcon(LucideEyeOff);
export const FileText = fastIcon(LucideFileText);
export const Flag = fastIcon(LucideFlag);
export const Gauge = fastIcon(LucideGauge);
export const Gem = fastIcon(LucideGem);
export const Globe = fastIcon(LucideGlobe);
export const Heart = fastIcon(LucideHeart);
export const IdCard = fastIcon(LucideIdCard);
export const ImagePlus = fastIcon(LucideImagePlus);
export const Info = fastIcon(LucideInfo);
export const Link2 = fastIcon(LucideLink2);
export const Link2Off = fastIcon(LucideLink2Off);
export const LoaderCircle = fastIcon(LucideLoaderCircle);
export const LogOut = fastIcon(LucideLogOut);
export const Mail = fastIcon(LucideMail);
export const MailCheck = fastIcon(LucideMailCheck);
export const MailMinus = fastIcon(LucideMailMinus);
export const MapPin = fastIcon(LucideMapPin);
export const Menu = fastIcon(LucideMenu);
export const MessageCircle = fastIcon(LucideMessageCircle);
export const MessageSquare = fastIcon(LucideMessageSquare);
export const MessageSquareText = fastIcon(LucideMessageSquareText);
export const Minus = fastIcon(LucideMinus);
export const Moon = fastIcon(LucideMoon);
export const Navigation = fastIcon(LucideNavigation);
export const Newspaper = fastIcon(LucideNewspaper);
export const PenLine = fastIcon(LucidePenLine);
export const Phone = fastIcon(LucidePhone);
export const PlugZap = fastIcon(LucidePlugZap);
export const Plus = fastIcon(LucidePlus);
export const Printer = fastIcon(LucidePrinter);
export const RotateCw = fastIcon(LucideRotateCw);
export const Rss = fastIcon(LucideRss);
export const Scale = fastIcon(LucideScale);
export const Search = fastIcon(LucideSearch);
export const SearchX = fastIcon(LucideSearchX);
export const Share2 = fastIcon(LucideShare2);
export const ShieldCheck = fastIcon(LucideShieldCheck);
export const SlidersHorizontal = fastIcon(LucideSlidersHorizontal);
export const Sparkles = fastIcon(LucideSparkles);
export const Star = fastIcon(LucideStar);
export const Sticker = fastIcon(LucideSticker);
export const Store = fastIcon(LucideStore);
export const Sun = fastIcon(LucideSun);
export const Tag = fastIcon(LucideTag);
export const ThumbsUp = fastIcon(LucideThumbsUp);
export const Trash2 = fastIcon(LucideTrash2);
export const TrendingDown = fastIcon(LucideTrendingDown);
export const TrendingUp = fastIcon(LucideTrendingUp);
export const TriangleAlert = fastIcon(LucideTriangleAlert);
export const Trophy = fastIcon(LucideTrophy);
export const UserRound = fastIcon(LucideUserRound);
export const Wallet = fastIcon(LucideWallet);
export const X = fastIcon(LucideX);
export const Zap = fastIcon(LucideZap);
