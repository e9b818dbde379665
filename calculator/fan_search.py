"""Fan search as players type it: 胡 or 和, traditional characters, pinyin, short names.

>>> matches("碰碰胡", "碰碰和", "All Pungs", "all_pungs")
True
>>> matches("七對", "七对", "Seven Pairs", "seven_pairs")
True
>>> matches("qidui", "七对", "Seven Pairs", "seven_pairs")
True
>>> matches("杠开", "杠上开花", "Out with Replacement Tile", "out_with_replacement_tile")
True
>>> matches("对对胡", "碰碰和", "All Pungs", "all_pungs")
True
>>> matches("七对", "清一色", "Full Flush", "full_flush")
False
"""

from __future__ import annotations

from functools import lru_cache

from . import hant

# 繁 → 简: every character the 繁體 pages write otherwise (the generated table, calculator/hant.py, read
# backwards), so a reader finds a fan by typing the name the page shows; and a few written by hand
# (players type 麼 for 幺)
TRADITIONAL = {ord(t): s for s, t in sorted(hant.table()["chars"].items()) if len(t) == 1} | str.maketrans(
    "對門風龍槓開轉連寶燈獨聽將單釣邊雙絕張歸無斷數湊莊級組帶綠紅發盤滿搶撈勝個兩點號條餅萬順類貫喜"
    "見牽麼圓頭關鳥蓮財飄齊強報頂靠軟鉤金鐘雞車羅華節蘭莖會雜純箇歲",
    "对门风龙杠开转连宝灯独听将单钓边双绝张归无断数凑庄级组带绿红发盘满抢捞胜个两点号条饼万顺类贯喜"
    "见牵幺圆头关鸟莲财飘齐强报顶靠软钩金钟鸡车罗华节兰茎会杂纯个岁",
)

# 胡 and 和 name the same thing (国标 writes 和, the regional tables 胡); 糊 is a common slip
WIN_WORDS = str.maketrans("胡糊", "和和")

# short names and other names players use, each read as the longer one (after the two steps above)
ALIASES = {
    "杠开": "杠上开花", "杠上花": "杠上开花", "岭上开花": "杠上开花", "抢杠": "抢杠和", "杠炮": "杠上炮",
    "海底": "海底捞月", "自摸海底": "妙手回春", "对对和": "碰碰和", "对对": "碰碰", "七小对": "七对",
    "暗七对": "七对", "小七对": "七对", "十三幺九": "十三幺", "国士无双": "十三幺", "清一": "清一色",
    "混一": "混一色", "断幺九": "断幺", "门清": "门前清",
}

PINYIN = {
    "一": "yi", "七": "qi", "三": "san", "上": "shang", "不": "bu", "两": "liang", "个": "ge", "中": "zhong",
    "九": "jiu", "二": "er", "于": "yu", "五": "wu", "人": "ren", "会": "hui", "位": "wei", "倒": "dao",
    "元": "yuan", "全": "quan", "八": "ba", "六": "liu", "兰": "lan", "冬": "dong", "冲": "chong", "制": "zhi",
    "刻": "ke", "前": "qian", "副": "fu", "加": "jia", "十": "shi", "华": "hua", "单": "dan", "双": "shuang",
    "发": "fa", "另": "ling", "台": "tai", "合": "he", "吊": "diao", "同": "tong", "听": "ting", "和": "he",
    "喜": "xi", "四": "si", "回": "hui", "圈": "quan", "地": "di", "坎": "kan", "夏": "xia", "大": "da",
    "天": "tian", "头": "tou", "夹": "jia", "妙": "miao", "子": "zi", "字": "zi", "宝": "bao", "对": "dui",
    "封": "feng", "将": "jiang", "小": "xiao", "少": "shao", "屁": "pi", "岭": "ling", "嵌": "qian", "带": "dai",
    "平": "ping", "幺": "yao", "底": "di", "开": "kai", "张": "zhang", "强": "qiang", "归": "gui", "手": "shou",
    "抢": "qiang", "报": "bao", "拉": "la", "捞": "lao", "推": "tui", "摸": "mo", "断": "duan", "无": "wu",
    "明": "ming", "星": "xing", "春": "chun", "暗": "an", "暴": "bao", "月": "yue", "杠": "gang", "板": "ban",
    "根": "gen", "梅": "mei", "正": "zheng", "步": "bu", "气": "qi", "求": "qiu", "汉": "han", "河": "he",
    "海": "hai", "混": "hun", "清": "qing", "灯": "deng", "炮": "pao", "牌": "pai", "牛": "niu", "番": "fan",
    "白": "bai", "相": "xiang", "硬": "ying", "碰": "peng", "神": "shen", "秋": "qiu", "竹": "zhu", "箭": "jian",
    "纯": "chun", "组": "zu", "绝": "jue", "绿": "lv", "缺": "que", "罗": "luo", "老": "lao", "胡": "hu",
    "自": "zi", "般": "ban", "色": "se", "节": "jie", "花": "hua", "莲": "lian", "菊": "ju", "豪": "hao",
    "财": "cai", "贯": "guan", "起": "qi", "车": "che", "软": "ruan", "边": "bian", "连": "lian", "通": "tong",
    "逢": "feng", "野": "ye", "金": "jin", "钓": "diao", "钩": "gou", "门": "men", "限": "xian", "靠": "kao",
    "顶": "ding", "顺": "shun", "风": "feng", "飘": "piao", "高": "gao", "鱼": "yu", "鸡": "ji", "齐": "qi",
    "龙": "long", "东": "dong", "南": "nan", "西": "xi", "北": "bei", "万": "wan", "条": "tiao", "饼": "bing",
    "筒": "tong", "索": "suo", "红": "hong", "点": "dian", "卡": "ka", "独": "du", "钱": "qian", "庄": "zhuang",
}


def normalize(text: str) -> str:
    """Simplified characters, 和 for 胡, lower case, no spaces."""
    return "".join(text.translate(TRADITIONAL).translate(WIN_WORDS).casefold().split())


def pinyin(text: str) -> str:
    """The pinyin of the characters we know, without tones or spaces (和 and 胡 as he and hu both)."""
    return "".join(PINYIN.get(ch, ch) for ch in text)


def queries(query: str) -> tuple[str, ...]:
    q = normalize(query)
    out = {q, q.replace("hu", "he")}  # pinyin typed with hu for 胡
    for short, full in ALIASES.items():
        if short in q:
            out.add(q.replace(short, normalize(full)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _haystack(zh: str, en: str, fan_id: str) -> tuple[str, ...]:
    simple = normalize(zh)
    return (simple, normalize(en), fan_id.casefold(), fan_id.replace("_", "").casefold(),
            pinyin(zh.translate(TRADITIONAL)), pinyin(simple), normalize(en).replace("-", ""))


def matches(query: str, zh: str, en: str, fan_id: str) -> bool:
    """Whether a fan named ``zh`` / ``en`` (id ``fan_id``) is what ``query`` asks for."""
    hay = _haystack(zh, en, fan_id)
    return any(q and q in text for q in queries(query) for text in hay)
