# The Python client library (client/connection.py, client/sdk.py): why a node cannot be reached, what became of
# the link, and the SDK bot runner's help, errors and console lines.  $where is a node's host:port, $url its address.

## Reaching a node

link-nothing-listens = на { $where } никой не слуша (връзката е отказана): стартиран ли е там `grundy serve`?
link-unknown-host = името на хоста в { $where } е непознато (няма такова име)
link-dns-down = името на хоста в { $where } не може да бъде намерено сега (сървърът за имена не отговаря): работи ли мрежата?
link-no-answer = от { $where } не дойде отговор навреме: защитна стена или възел, твърде зает, за да отговори
link-http = { $where } отговаря с HTTP { $status }, а не като WebSocket: възел на grundy ли е (ws://ХОСТ:8765)?
link-not-websocket = { $where } отговаря, но не като сървър за WebSocket: възел на grundy ли е?
link-not-ws-address = { $url } не е адрес за WebSocket: пишете ws://ХОСТ:ПОРТ
link-node-refused = възелът ни отказа ({ $code }): { $why }
# $why: what the system said, as it said it
link-node-other = { $where }: { $why }
link-os-net-unreachable = { $where }: мрежата е недостъпна (свързан ли е този компютър към мрежа?)
link-os-host-unreachable = { $where }: няма маршрут до този хост (изключен е или мрежата по пътя е недостъпна)
link-os-reset = { $where }: връзката беше прекъсната, преди възелът да отговори
link-url-empty = { $several ->
    [yes] URL адресът на сървъра е празен: дайте ws://ХОСТ:ПОРТ (няколко: ws://A:8765,ws://B:8765)
   *[no] URL адресът на сървъра е празен: дайте ws://ХОСТ:ПОРТ
}
link-url-scheme = URL адрес на сървъра { $url }: схемата трябва да е ws:// или wss://, а не { $scheme }://

## The link

link-closed = връзката е затворена
link-none-within = няма връзка с { $url } в рамките на { NUMBER($seconds) } { $seconds ->
    [one] секунда
   *[other] секунди
}
link-down = връзката с { $url } е прекъсната
link-dropped-sending = връзката с { $url } прекъсна по време на изпращане
link-dropped = връзката с { $url } прекъсна (код на затваряне { $code })
link-server-closed = { $given ->
    [yes] сървърът затвори връзката (код { $code }: { $reason })
   *[no] сървърът затвори връзката (код { $code }, без посочена причина)
}
link-resume-refused = сървърът отказа да възобнови сесията: { $why }
link-gave-up = повторното свързване с { $url } или с друг възел не успя в рамките на { NUMBER($seconds) } { $seconds ->
    [one] секунда
   *[other] секунди
}

## The SDK's bot runner (python my_bot.py --help)

link-sdk-about = Бот за grundy.
link-sdk-help-server = URL на възела (по подразбиране { $url }); няколко възела на клъстер, разделени със запетая или с няколко --server: ботът минава на друг, ако възелът му изчезне
link-sdk-help-name = име на екрана (по подразбиране { $name })
link-sdk-help-secret = тайната на регистрирания играч (по подразбиране: тази, която grundy register е запазил)
link-sdk-help-game = играта, която да се играе (с --vs или --quick)
link-sdk-help-set = параметър на играта, напр. --set heaps=3,4,5 (може да се повтаря)
link-sdk-help-vs = bot:НИВО — игра срещу бот на сървъра, open — чакане на противник
link-sdk-help-room = влез в стаята с този идентификатор
link-sdk-help-code = влез в стаята с този код
link-sdk-help-seat = мястото, което да се заеме
link-sdk-help-quick = застани на опашка за бърза игра на --game
link-sdk-help-tournament = включи се в този турнир и го изиграй до края
link-sdk-help-games = спри след толкова партии
link-sdk-help-clock = контрола на времето за нова стая: МИНУТИ+СЕКУНДИ, напр. 5+2, или 30s+1 — в секунди
link-sdk-help-verbose = записвай в дневника какво прави ботът
link-sdk-help-lang = езикът на думите на бота: en, uk, ru или bg (по подразбиране: езикът на системата)
link-sdk-set-form = --set { $item }: пишете КЛЮЧ=СТОЙНОСТ
link-sdk-error = грешка: { $why }
link-sdk-result = { $room } { $game } място { $seat }: { $outcome } ({ $reason })
# how a game of the bot's ended, from its seat ($outcome above)
link-sdk-win = победа
link-sdk-loss = загуба
link-sdk-draw = реми
link-sdk-aborted = прекратена
# why a game of the bot's ended, in the runner's results (in English the node's own words are said instead);
# $name: the players the ending is about, by name
link-sdk-end-resign = { $name }: партията е предадена
link-sdk-end-flag = { $name }: времето изтече
link-sdk-end-disconnect = { $name }: излизане без връщане навреме
link-sdk-end-won = победа по правилата на играта: { $name }
link-sdk-end-draw-agreed = реми по споразумение
link-sdk-end-draw = реми по правилата на играта
link-sdk-end-aborted = играта е прекратена
link-sdk-and = { $first } и { $last }
link-sdk-unable = грешка: { $room }: партията завърши, докато ботът не можеше да направи ход ({ $why })
link-sdk-stuck = няма ход на полуход { $ply }: ботът се провали, а позволените ходове не са известни
link-sdk-late = няма решение за { NUMBER($seconds, maximumFractionDigits: 2) } с
link-sdk-failed = ботът се провали: { $error }
link-sdk-not-a-move = ботът отговори { $text }, а това не е ход
link-sdk-move-refused = ходът { $move } беше отказан: { $why }
# a chat line the bot says in its room before it resigns
link-sdk-resigning = предавам се: { $why }
link-sdk-hidden = { $game }: част от ходовете са скрити от това място, затова позицията не може да се възстанови
link-sdk-vs = vs { $vs }: пишете bot:НИВО (напр. bot:random) или open
link-sdk-seats = място { $seat }: в играта { $game } местата са 0..{ $last }
link-sdk-need-game = vs= и quick= изискват game= (играта, която да се играе)
link-sdk-one-mode = дайте само едно от: vs=, quick=, room=/code=, tournament=
